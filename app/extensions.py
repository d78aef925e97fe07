"""Flask extensions, created unbound here and bound to the app in create_app()."""
from flask_jwt_extended import JWTManager
from flask_smorest import Api

jwt = JWTManager()
api = Api()
