// Frozen in time: never import application code here.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // better-auth's own column names and types (see docs/decisions/0002-portable-column-types.md).
  const authDate = isPostgres(db) ? 'timestamptz' : 'date';
  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('emailVerified', 'boolean', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', authDate, (c) => c.notNull())
    .addColumn('updatedAt', authDate, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expiresAt', authDate, (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', authDate, (c) => c.notNull())
    .addColumn('updatedAt', authDate, (c) => c.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();
  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('accountId', 'text', (c) => c.notNull())
    .addColumn('providerId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', authDate)
    .addColumn('refreshTokenExpiresAt', authDate)
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', authDate, (c) => c.notNull())
    .addColumn('updatedAt', authDate, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();
  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', authDate, (c) => c.notNull())
    .addColumn('createdAt', authDate, (c) => c.notNull())
    .addColumn('updatedAt', authDate, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verification_identifier_idx')
    .on('verification')
    .column('identifier')
    .execute();

  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(trim(name)) > 0`))
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('beads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique().check(sql`length(trim(name)) > 0`))
    .addColumn('price_ore', 'integer', (c) => c.notNull().check(sql`price_ore >= 0`))
    .addColumn('sale_type', 'text', (c) => c.check(sql`sale_type in ('2 for 125')`))
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('todos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bead_id', 'text', (c) => c.notNull().references('beads.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount >= 1`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One todo per bead and customer, also for todos without a customer (NULLs are distinct in a plain index).
  await sql`create unique index todos_bead_customer_uq on todos (bead_id, coalesce(customer_id, ''))`.execute(
    db,
  );
  await db.schema.createIndex('todos_customer_idx').on('todos').column('customer_id').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('active', 'invoiced', 'paid', 'packed', 'shipped')`),
    )
    .addColumn('home_delivery', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .execute();
  await sql`create unique index orders_one_active_per_customer on orders (customer_id) where status = 'active'`.execute(
    db,
  );
  // Screens load only orders that are not shipped: this index keeps that independent of history's size.
  await sql`create index orders_open_idx on orders (status, created_at) where status <> 'shipped'`.execute(
    db,
  );
  await db.schema
    .createIndex('orders_customer_idx')
    .on('orders')
    .columns(['customer_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('bead_id', 'text', (c) => c.references('beads.id'))
    .addColumn('text', 'text')
    .addColumn('price_ore', 'integer', (c) => c.check(sql`price_ore >= 0`))
    .addColumn('sale_type', 'text')
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addCheckConstraint(
      'order_lines_bead_or_free',
      sql`bead_id is not null or (text is not null and price_ore is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('order_lines_order_idx')
    .on('order_lines')
    .columns(['order_id', 'added_at'])
    .execute();
  await db.schema.createIndex('order_lines_bead_idx').on('order_lines').column('bead_id').execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'idempotency_keys',
    'order_lines',
    'orders',
    'todos',
    'beads',
    'customers',
    'app_meta',
    'verification',
    'account',
    'session',
    'user',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
