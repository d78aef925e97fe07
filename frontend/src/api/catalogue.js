/** Calls of the catalogue blueprint (spec 001 §7 "Products", docs/contracts.md "Catalogue"). `platform` is facebook
 *  or instagram (Instagram's calls go under /pagesInsta/), `pageId` the page's network id. Every change answers
 *  `{data}`: the page's categories, or a refusal's message as a string (see `useCatalogueStore.apply`). */
import { client } from './client'

const prefix = (platform) => (platform === 'instagram' ? 'pagesInsta' : 'pages')
const pageUrl = (platform, pageId, path) => `/secure/${prefix(platform)}/${path}/${encodeURIComponent(pageId)}`

export const catalogueApi = {
  list: (platform, pageId) =>
    client.get(`/secure/project/get/entitiesproject/${platform}/${encodeURIComponent(pageId)}`),
  addCategory: (platform, pageId, name, products) =>
    client.post(pageUrl(platform, pageId, 'entities/add'), {
      idPage: pageId,
      entity: { name, values: products.map(({ content, synonyms }) => ({ content, synonyms })) },
    }),
  renameCategory: (platform, pageId, category, name) =>
    client.put(pageUrl(platform, pageId, 'nameentiteupdate'), { id: category._id, name }),
  removeCategory: (platform, pageId, category) =>
    client.put(pageUrl(platform, pageId, 'entiteremove'), { id: category._id }),
  addProduct: (platform, pageId, category, content) =>
    client.put(pageUrl(platform, pageId, 'valuesadd'), { id: category._id, entity: { content, synonyms: [] } }),
  renameProduct: (platform, pageId, category, product, productName) =>
    client.put(pageUrl(platform, pageId, 'contentupdate'), {
      name: category.name, productName, id: category._id, idChildren: product._id,
    }),
  removeProduct: (platform, pageId, category, product) =>
    client.put(pageUrl(platform, pageId, 'contentremove'), {
      entity: category.name, id: category._id, productName: product.content,
    }),
  addSynonym: (platform, pageId, category, product, synonym) =>
    client.put(pageUrl(platform, pageId, 'synonymssupdate'), {
      idEntity: category._id, idChildren: product._id, synonyms: synonym,
    }),
  /** `index`: the product's position among the category's children. */
  removeSynonym: (platform, pageId, category, index, synonym) =>
    client.put(pageUrl(platform, pageId, 'removesyn'), { index, id: category._id, synonym }),
  exportCsv: (platform, pageId) =>
    client.get(pageUrl(platform, pageId, 'catalogue/export'), { responseType: 'blob' }),
  /** `{data, imported}`, or (422, nothing imported) `{message, code: 'badLines', lines: [{line, reason}]}`. */
  importCsv: (platform, pageId, file) => {
    const form = new FormData()
    form.append('file', file)
    return client.post(pageUrl(platform, pageId, 'catalogue/import'), form, {
      // The browser writes the multipart boundary itself (axios drops this header for FormData).
      headers: { 'Content-Type': 'multipart/form-data' },
      // The bad lines are an answer to show, not a failure: the body is read like a 200's.
      validateStatus: (status) => status === 200 || status === 422,
    })
  },
}
