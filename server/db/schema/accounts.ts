/**
 * Users and what signing in needs: the accounts of every role, administrators' profiles,
 * password-reset and invitation tokens, sessions, second factors, sign-in counters, and the
 * audit log of who did what.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tokenPurposes } from '../../../src/domain/auth';
import { adminStatuses, agentStatuses, lenderStatuses, roles } from '../../../src/domain/roles';
import { id, createdAt, updatedAt, ref, oneOf } from './columns';

/** What users.status may hold: a lender's statuses, and an agent's or administrator's. */
// 'active' is both an agent's and an administrator's; the column is text either way.
const userStatuses = [...lenderStatuses, ...agentStatuses, ...adminStatuses] as const;

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    /** Null until an invited user sets a password. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: roles }).notNull(),
    /** A lender's status is capitalised (New, Active…), an agent's or administrator's not. */
    status: text('status', { enum: userStatuses }).notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_role_known', oneOf(t.role, roles)),
    check('users_status_known', oneOf(t.status, userStatuses)),
    uniqueIndex('users_email_unique').on(t.email),
    index('users_role_status_idx').on(t.role, t.status),
    // User growth counts each month's sign-ups by role on this index.
    index('users_role_created_idx').on(t.role, t.createdAt),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

/** An administrator's profile; its id is the user's id. */
export const admins = pgTable('admins', {
  id: ref('id', () => users.id, 'cascade').primaryKey(),
  name: text('name').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    /** sha256 of the token; the token itself is only ever in the link. */
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: tokenPurposes }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('password_reset_tokens_purpose_known', oneOf(t.purpose, tokenPurposes)),
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/**
 * A signed-in session: every access token carries its id (`sid`), and a refreshed token
 * keeps it, so ending the session ends every token that came from the same sign-in.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** Random, unguessable; the JWT's `sid` claim. */
    id: text('id').primaryKey(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    createdAt: createdAt(),
    /** The expiry of the newest token issued for it; a refresh moves it on. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | password | blocked | suspended | factor-reset … */
    revokedReason: text('revoked_reason'),
    /**
     * When this session last proved the second factor (a code at sign-in or since, or the
     * enrolment that confirmed it); null for a session of a password only. An
     * administrator's session works only once it is set; withdrawals ask again after 15
     * minutes (server/modules/auth/factor.ts).
     */
    factorVerifiedAt: timestamp('factor_verified_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * A user's second factor (TOTP, RFC 6238): one per user. The secret is kept encrypted
 * (AES-256-GCM under MFA_SECRET_KEY, server/modules/auth/factor-secret.ts), never in clear.
 */
export const userFactors = pgTable('user_factors', {
  userId: ref('user_id', () => users.id, 'cascade').primaryKey(),
  secretCiphertext: text('secret_ciphertext').notNull(),
  /** Null while the enrolment waits for its first code; only a confirmed factor counts. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  /** The newest 30-second time step whose code was accepted: it and older ones are refused. */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** One-time recovery codes of a second factor, argon2-hashed like passwords. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins counted per key (client address; email and address) in a fixed
 * window, in the database so every instance sees the same counts.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  // Stale counters are pruned by their window's start.
  (t) => [index('auth_failures_window_idx').on(t.windowStartedAt)],
);

/**
 * Requests counted per key in a fixed window (registration and password-reset requests,
 * through @fastify/rate-limit's store): in the database, so every instance counts the
 * same requests. Keys are hashed: no addresses or emails in clear.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** When the key's window ends; the next request after it starts a new window at 1. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  // Ended windows are pruned by their end.
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorUserId: ref('actor_user_id', () => users.id, 'set null'),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: bigint('subject_id', { mode: 'number' }),
    details: jsonb('details'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId),
  ],
);
