"""A page's product catalogue: categories, their products, and each product's synonyms."""
from __future__ import annotations

from sqlalchemy import ForeignKey, String, UniqueConstraint
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
