/** Small helpers for benches that seed data with the service role over REST. */

/** The ids of up to `limit` profiles of one account type, in id order. */
export async function ids(db, accountType, limit) {
  const { data, error } = await db
    .from('profiles')
    .select('id')
    .eq('account_type', accountType)
    .order('id')
    .limit(limit);
  if (error) throw error;
  return data.map((row) => row.id);
}

/** Inserts `rows` 500 at a time; returns the selected columns of every inserted row. */
export async function insertInBatches(db, table, rows, select = 'id') {
  const inserted = [];
  for (let start = 0; start < rows.length; start += 500) {
    const { data, error } = await db
      .from(table)
      .insert(rows.slice(start, start + 500))
      .select(select);
    if (error) throw new Error(`${table}: ${error.message}`);
    inserted.push(...data);
  }
  return inserted;
}
