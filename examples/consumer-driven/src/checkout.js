// The consumer: picks the cheapest product. It reads only `name` and `priceCents`.
export async function cheapest(client, query) {
  const result = await client.callTool({ name: 'search_products', arguments: { query } })
  const [best] = [...result.structuredContent.items].sort((a, b) => a.priceCents - b.priceCents)
  return best && { name: best.name, price: best.priceCents / 100 }
}
