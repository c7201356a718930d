/** Outbound webhooks: the outbox pass, deliveries, the SSRF guards and the event shape. */
export * from './address-guard.js';
export * from './deliver.js';
export * from './queries.js';
export * from './event-json.js';
