/** Every row of a list the server pages: page after page from the first, until the last (the CSV exports). */
export async function everyPage<Row>(page: (cursor: string | undefined) => Promise<{ rows: Row[]; next: string | null }>): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  do {
    const answer = await page(cursor);
    rows.push(...answer.rows);
    cursor = answer.next ?? undefined;
  } while (cursor);
  return rows;
}
