/** Token, typed client and shared types of /superadmin. */
import { createClient, type Answer } from '@shared/client';

export const TOKEN_KEY = 'superadmin_token';
export const STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'rejected'] as const;

export type BusinessListRow = Answer<'/superadmin/businesses'>[number];

let onLoggedOut = () => {};
export const setLoggedOutHandler = (handler: () => void): void => {
  onLoggedOut = handler;
};

/** Any 401 (the 24 h token expired) drops the token and shows the login form. */
export const client = createClient({
  getToken: () => localStorage.getItem(TOKEN_KEY),
  onUnauthorized: () => {
    localStorage.removeItem(TOKEN_KEY);
    onLoggedOut();
  },
});
