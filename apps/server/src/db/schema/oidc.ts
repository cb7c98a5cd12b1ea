import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Links between an account and an OpenID Connect identity (decisions §26): the provider's (issuer, subject) pair, which
 * never changes, unlike the e-mail the provider reports. One identity per account and issuer.
 */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oidc_identities_issuer_subject_unique').on(t.issuer, t.subject),
    uniqueIndex('oidc_identities_user_issuer_unique').on(t.userId, t.issuer),
  ],
);

/**
 * Short-lived, single-use records of the single sign-on flows, kept server-side so that any instance behind the
 * proxy can finish what another started. `kind`: `login` and `reauth` (a flow sent to the provider: its nonce and PKCE
 * verifier), `link` (a provider identity waiting for its account's password), `proof` (a fresh re-authentication that
 * one signature consumes). Only the SHA-256 of the token that names a record is stored.
 */
export const oidcFlows = pgTable(
  'oidc_flows',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind').$type<'login' | 'reauth' | 'link' | 'proof'>().notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    subject: text('subject'),
    returnTo: text('return_to'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('oidc_flows_token_hash_unique').on(t.tokenHash),
    index('oidc_flows_expires_at_idx').on(t.expiresAt),
  ],
);
