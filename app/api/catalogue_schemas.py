"""Request and answer shapes of the catalogue calls, with the specification's field spellings (spec 001 §3, §7
"Products"). Ids are our row ids, answered as strings (`_id`) and read back as a string or a JSON number.

The payloads list only what the original client sends; anything else it sends along is ignored (EXCLUDE), while a
missing, blank, too long or mistyped field is a 422.
"""
from __future__ import annotations

from flask_smorest.fields import Upload
from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate, validates_schema

from app.api.fields import not_blank, row_id
from app.services.catalogue import NAME_MAX

# One request adds at most this many products or synonyms: more than any screen sends (the CSV import is the way
# to load a whole catalogue).
MANY_MAX = 500


def name_field(**kwargs) -> fields.String:
    """A category, product or synonym name: 1 to 255 characters, not only spaces."""
    return fields.String(validate=[validate.Length(min=1, max=NAME_MAX), not_blank], **kwargs)


class Loose(Schema):
    class Meta:
        unknown = EXCLUDE


class OneOrManyNames(fields.Field):
    """A synonym as a string, or a list of them (a client may send the product's whole list)."""

    def _deserialize(self, value, attr, data, **kwargs):
        values = [value] if isinstance(value, str) else value
        if not isinstance(values, list) or not values or len(values) > MANY_MAX:
            raise ValidationError(f"A synonym, or a list of 1 to {MANY_MAX} synonyms.")
        return [name_field().deserialize(item) for item in values]


# Requests

class CategoryIdSchema(Loose):
    id = row_id(required=True, metadata={"description": "the category's _id"})


class CategoryNameSchema(CategoryIdSchema):
    name = name_field(required=True, metadata={"description": "the new name"})


class ProductRenameSchema(CategoryIdSchema):
    idChildren = row_id(required=True, metadata={"description": "the product's _id"})
    productName = name_field(load_default=None, metadata={"description": "the new name"})
    name = name_field(load_default=None, metadata={
        "description": "the category's name; a client that sends the product's current name as productName sends "
                       "the new one here, and it is read so"})

    @validates_schema
    def _names_something(self, data, **_kwargs):
        if data["productName"] is None and data["name"] is None:
            raise ValidationError("The new product name is required.", "productName")


class ProductRemoveSchema(CategoryIdSchema):
    productName = name_field(load_default=None, metadata={"description": "the product's content"})
    idChildren = row_id(load_default=None, metadata={"description": "or the product's _id"})
    entity = fields.String(load_default=None, metadata={"description": "the category's name (not needed)"})

    @validates_schema
    def _names_the_product(self, data, **_kwargs):
        if data["productName"] is None and data["idChildren"] is None:
            raise ValidationError("The product to delete is required.", "productName")


class SynonymAddSchema(Loose):
    idEntity = row_id(required=True, metadata={"description": "the category's _id"})
    idChildren = row_id(required=True, metadata={"description": "the product's _id"})
    synonyms = OneOrManyNames(required=True, metadata={"description": "the new synonym (or a list)"})


class SynonymRemoveSchema(CategoryIdSchema):
    index = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=100_000),
                           metadata={"description": "the product's position in the category's children"})
    synonym = name_field(required=True)


class NewProductSchema(Loose):
    content = name_field(required=True, metadata={"description": "the product's name"})
    synonyms = fields.List(name_field(), load_default=list, validate=validate.Length(max=MANY_MAX))


class NewCategorySchema(Loose):
    name = name_field(required=True)
    values = fields.List(fields.Nested(NewProductSchema), load_default=list, validate=validate.Length(max=MANY_MAX))


class CategoryAddSchema(Loose):
    idPage = fields.String(load_default=None, metadata={"description": "the page's network id (the path names it)"})
    entity = fields.Nested(NewCategorySchema, required=True)


class ProductAddSchema(CategoryIdSchema):
    entity = fields.Nested(NewProductSchema, required=True)


class CsvFileSchema(Schema):
    file = Upload(required=True, metadata={"description": "CSV: category,product,synonyms (separated by |)"})


# Answers

class ProductSchema(Schema):
    _id = fields.String()
    content = fields.String()
    synonyms = fields.List(fields.String())


class CategorySchema(Schema):
    _id = fields.String()
    name = fields.String()
    default = fields.Boolean()
    children = fields.List(fields.Nested(ProductSchema))


# Documented only: the views answer ready Responses (a list or a refusal's string under one key).
CATALOGUE_ANSWER = {
    "type": "object",
    "properties": {"data": {
        "description": "the page's categories (default ones left out) after the change, or the refusal's message "
                       "(\"The category should be empty!\", \"This product already exists!\", ...)",
        "oneOf": [{"type": "array", "items": CategorySchema}, {"type": "string"}]}},
}


class ImportedSchema(Schema):
    categories = fields.Integer(metadata={"description": "categories created"})
    products = fields.Integer(metadata={"description": "products added"})
    synonyms = fields.Integer(metadata={"description": "synonyms added (to new and existing products)"})


class ImportAnswerSchema(Schema):
    data = fields.List(fields.Nested(CategorySchema), metadata={"description": "the page's categories after it"})
    imported = fields.Nested(ImportedSchema)


CSV_ANSWER = {"type": "string", "description": "category,product,synonyms lines, a header first"}
