"""A page's product catalogue: categories, their products, and each product's synonyms."""
from __future__ import annotations

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from app.models.base import Base, Timestamped


class Category(Timestamped, Base):
    __tablename__ = "categories"
    __table_args__ = (UniqueConstraint("page_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("social_pages.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(255))
    is_default: Mapped[bool] = mapped_column(default=False)

    products = relationship("Product", back_populates="category", cascade="all, delete-orphan",
                            order_by="Product.id", passive_deletes=True)


class Product(Base):
    __tablename__ = "products"
    __table_args__ = (UniqueConstraint("category_id", "content"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    category_id: Mapped[int] = mapped_column(ForeignKey("categories.id", ondelete="CASCADE"))
    page_id: Mapped[int] = mapped_column(ForeignKey("social_pages.id", ondelete="CASCADE"), index=True)
    content: Mapped[str] = mapped_column(String(255))

    category = relationship("Category", back_populates="products")
    synonyms = relationship("Synonym", back_populates="product", cascade="all, delete-orphan",
                            order_by="Synonym.id", passive_deletes=True)


class Synonym(Base):
    __tablename__ = "synonyms"
    __table_args__ = (UniqueConstraint("product_id", "value"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    product_id: Mapped[int] = mapped_column(ForeignKey("products.id", ondelete="CASCADE"))
    value: Mapped[str] = mapped_column(String(255))

    product = relationship("Product", back_populates="synonyms")


class CatalogueChange(Base):
    """The products one catalogue change touched, as the matching engine names them ([name, category], before and
    after): a worker layers a small change from those rows alone (app/services/catalogue_changes.py). A change with
    no row here (an import, a change of many products) is read whole by a catalogue follower."""
    __tablename__ = "catalogue_changes"
    __table_args__ = (UniqueConstraint("page_id", "version"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("social_pages.id", ondelete="CASCADE"))
    version: Mapped[int]  # the page's catalogue_version this change made
    products: Mapped[list] = mapped_column(JSON)
