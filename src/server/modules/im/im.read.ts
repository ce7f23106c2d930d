/**
 * What other modules read of the chat module's user lookups: who a notice goes to (a company's
 * owners, or its owners and holders of some permissions), a company's chat contact, and a user by
 * id or uuid. Each takes the caller's handle, so a read inside a transaction stays in it.
 */
export { companyContact, ownersOf, userById, userByUuid, usersWithCodes } from './im.repo';
