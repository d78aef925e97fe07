"""The catalogue calls (spec 001 §7 "Products"): a page's categories, their products and synonyms.

`/pages/...` (Facebook) and `/pagesInsta/...` (Instagram) are the same views, the platform a route default; the
list call names the platform in its path. `{pageId}` is the page's network id; anyone outside its team gets 403.

Every answer is `{"data": X}` (the specification's `data.data` is X): the page's categories after the change, or,
when the catalogue's rules refuse the change, the message as a string, which the client shows as an error
("The category should be empty!", "This product already exists!"). Malformed input is a 422, an id of no
category or product of the page a 404, both JSON `{"message", "code"}` and both changing nothing.
"""
from __future__ import annotations

from flask import Response, jsonify
from flask.views import MethodView

from app.api.blueprint import Blueprint
from app.api.catalogue_schemas import (CATALOGUE_ANSWER, CSV_ANSWER, CategoryAddSchema, CategoryIdSchema,
                                       CategoryNameSchema, CsvFileSchema, ImportAnswerSchema, ProductAddSchema,
                                       ProductRemoveSchema, ProductRenameSchema, SynonymAddSchema,
                                       SynonymRemoveSchema)
from app.api.pages import PREFIXES
from app.api.security import current_user, signed_in
from app.services import catalogue, catalogue_csv

blp = Blueprint("catalogue", __name__, url_prefix="/api/v1/secure", description="A page's product catalogue")

PAGE_ID = "<string:pageId>"


def both_networks(rule: str, view: type[MethodView]) -> None:
    for prefix, platform in PREFIXES:
        blp.add_url_rule(f"/{prefix}{rule}", f"{view.__name__}_{platform}", view, defaults={"platform": platform})


def _page(platform: str, page_id: str):
    return catalogue.team_page(current_user(), platform, page_id)


def _answer(data):
    return jsonify(data=data)


def _changed(platform: str, page_id: str, apply, *args):
    """Apply the change to the team's page and answer its categories, or the refusal's message."""
    page = _page(platform, page_id)
    try:
        catalogue.change(page, apply, *args)
    except catalogue.Refused as refusal:
        return _answer(refusal.message)
    return _answer(catalogue.categories(page))


def catalogue_call(schema=None):
    """The decorators every change shares: a session and team (401, 403), its payload (422), its answer."""
    def decorate(view):
        view = blp.alt_response(404, response="NOT_FOUND")(blp.response(200, schema=CATALOGUE_ANSWER)(view))
        if schema is not None:
            view = blp.arguments(schema)(view)
        return signed_in(blp, forbidden=True)(view)
    return decorate


@blp.route("/project/get/entitiesproject/<any(facebook,instagram):platform>/" + PAGE_ID)
class PageCategories(MethodView):
    @catalogue_call()
    def get(self, platform, pageId):
        """The page's categories with their products and synonyms, default categories left out."""
        return _answer(catalogue.categories(_page(platform, pageId)))


class AddCategory(MethodView):
    @catalogue_call(CategoryAddSchema)
    def post(self, body, platform, pageId):
        """A new category with its products and their synonyms; a name the page already has is refused."""
        entity = body["entity"]
        return _changed(platform, pageId, catalogue.add_category, entity["name"], entity["values"])


class RenameCategory(MethodView):
    @catalogue_call(CategoryNameSchema)
    def put(self, body, platform, pageId):
        """Rename a category."""
        return _changed(platform, pageId, catalogue.rename_category, body["id"], body["name"])


class RemoveCategory(MethodView):
    @catalogue_call(CategoryIdSchema)
    def put(self, body, platform, pageId):
        """Delete a category; one still holding products is refused ("The category should be empty!")."""
        return _changed(platform, pageId, catalogue.delete_category, body["id"])


class AddProduct(MethodView):
    @catalogue_call(ProductAddSchema)
    def put(self, body, platform, pageId):
        """Add a product (with its synonyms) to a category; a product the page already has is refused."""
        entity = body["entity"]
        return _changed(platform, pageId, catalogue.add_product, body["id"], entity["content"], entity["synonyms"])


class RenameProduct(MethodView):
    @catalogue_call(ProductRenameSchema)
    def put(self, body, platform, pageId):
        """Rename a product (`idChildren`) of a category (`id`) to `productName`."""
        return _changed(platform, pageId, _rename_product, body)


def _rename_product(page, body) -> set:
    # Read both ways the original payload can be (new name in productName, or productName the current one and
    # the new one in name): the one that differs from the product's current name is the new name.
    current = catalogue.product_name(page, body["id"], body["idChildren"])
    new_name = body["productName"]
    if new_name is None or (catalogue.same(new_name) == catalogue.same(current) and body["name"] is not None):
        new_name = body["name"]
    return catalogue.rename_product(page, body["id"], body["idChildren"], new_name)


class RemoveProduct(MethodView):
    @catalogue_call(ProductRemoveSchema)
    def put(self, body, platform, pageId):
        """Delete a product, named by `productName` (or `idChildren`), from the category `id`, with its synonyms."""
        return _changed(platform, pageId, catalogue.delete_product, body["id"], body["productName"],
                        body["idChildren"])


class AddSynonym(MethodView):
    @catalogue_call(SynonymAddSchema)
    def put(self, body, platform, pageId):
        """Add a synonym (or several) to a product; one the product already has is refused."""
        return _changed(platform, pageId, catalogue.add_synonyms, body["idEntity"], body["idChildren"],
                        body["synonyms"])


class RemoveSynonym(MethodView):
    @catalogue_call(SynonymRemoveSchema)
    def put(self, body, platform, pageId):
        """Remove `synonym` from the product at position `index` of the category `id`."""
        return _changed(platform, pageId, catalogue.remove_synonym, body["id"], body["index"], body["synonym"])


class ExportCatalogue(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.response(200, schema=CSV_ANSWER, content_type="text/csv")
    def get(self, platform, pageId):
        """The page's catalogue as a CSV file: category, product, synonyms separated by `|`; a cell a spreadsheet
        would run as a formula (= + - @) starts with a `'`."""
        page = _page(platform, pageId)
        return Response(catalogue_csv.export(page), mimetype="text/csv", headers={
            "Content-Disposition": f'attachment; filename="catalogue-{page.platform}-{page.external_id}.csv"'})


class ImportCatalogue(MethodView):
    @signed_in(blp, forbidden=True)
    @blp.arguments(CsvFileSchema, location="files")
    @blp.response(200, ImportAnswerSchema)
    @blp.alt_response(422, description="every bad line (`lines`: its number and reason); nothing was imported")
    def post(self, files, platform, pageId):
        """Add a CSV file's categories, products and synonyms (the export's format), all or nothing."""
        page = _page(platform, pageId)
        try:
            added = catalogue_csv.import_csv(page, files["file"].read())
        except catalogue_csv.BadFile as bad:
            return _bad_lines(bad.lines)
        except catalogue.Refused as refusal:
            return _bad_lines([catalogue_csv.BadLine(0, refusal.message, "refused")])
        return {"data": catalogue.categories(page), "imported": added}


def _bad_lines(lines: list) -> tuple:
    return jsonify(message="The file was not imported: fix the lines below", code="badLines",
                   lines=[{"line": bad.line, "reason": bad.reason, "code": bad.code, "values": bad.values}
                          for bad in lines]), 422


both_networks(f"/catalogue/export/{PAGE_ID}", ExportCatalogue)
both_networks(f"/catalogue/import/{PAGE_ID}", ImportCatalogue)
both_networks(f"/entities/add/{PAGE_ID}", AddCategory)
both_networks(f"/nameentiteupdate/{PAGE_ID}", RenameCategory)
both_networks(f"/entiteremove/{PAGE_ID}", RemoveCategory)
both_networks(f"/valuesadd/{PAGE_ID}", AddProduct)
both_networks(f"/contentupdate/{PAGE_ID}", RenameProduct)
both_networks(f"/contentremove/{PAGE_ID}", RemoveProduct)
both_networks(f"/synonymssupdate/{PAGE_ID}", AddSynonym)
both_networks(f"/removesyn/{PAGE_ID}", RemoveSynonym)
