/** A deal's record page: linked from the board, the table and the record page itself, none of which needs the others' code. */
export const dealPath = (id: string) => `/deals/${id}`;
