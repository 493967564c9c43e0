/** Makes rows keyed by column name from rows of values in the order of `columns`. */
export function byName<Row = Record<string, unknown>>(columns: string[]) {
  return (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) row[columns[i]!] = values[i];
    return row as Row;
  };
}
