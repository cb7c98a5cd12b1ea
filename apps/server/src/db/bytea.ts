import { customType } from 'drizzle-orm/pg-core';

// node-postgres sends a Buffer as bytea (a bare Uint8Array it would send as text); PGlite takes either.
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});
