/**
 * The consumer: code that uses the shop's MCP server through an SDK client. It finds the
 * cheapest product in stock for a query and puts it in the cart.
 */
export async function buyCheapest(client, query, quantity = 1) {
  const search = await client.callTool({ name: 'search_products', arguments: { query, sort: 'price' } })
  if (search.isError) throw new Error(`search failed: ${search.content[0].text}`)
  const inStock = search.structuredContent.items.filter((item) => item.inStock)
  if (inStock.length === 0) return undefined
  const cheapest = inStock.reduce((best, item) => (item.price < best.price ? item : best))
  const added = await client.callTool({ name: 'add_to_cart', arguments: { productId: cheapest.id, quantity } })
  if (added.isError) throw new Error(`add_to_cart failed: ${added.content[0].text}`)
  return { product: cheapest, cartId: added.structuredContent.cartId }
}
