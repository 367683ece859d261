import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema: `npm run db:generate`. The PGlite driver means no server is needed.
export default defineConfig({
  dialect: 'postgresql',
  driver: 'pglite',
  schema: [
    './server/db/schema.ts',
    './server/db/catalog-schema.ts',
    './server/db/page-schema.ts',
    './server/db/funnel-schema.ts',
    './server/db/cart-schema.ts',
    './server/db/checkout-schema.ts',
    './server/db/order-schema.ts',
    './server/db/payment-schema.ts',
    './server/db/customer-schema.ts',
    './server/db/site-schema.ts',
    './server/db/forms-schema.ts',
    './server/db/consent-schema.ts',
    './server/db/attribution-schema.ts',
    './server/db/purchase-events-schema.ts',
    './server/db/maps-schema.ts',
    './server/db/checkout-trigger-schema.ts',
  ],
  out: './server/db/migrations',
  dbCredentials: { url: './data/drizzle-kit' },
});
