"""Domain rules as plain functions over ids and values, shared by the API and the workers."""
