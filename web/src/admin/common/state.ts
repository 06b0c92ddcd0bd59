/** Session (token in localStorage), the typed client and the tiny path router of /admin. */
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';
import { createClient, type Answer } from '@shared/client';

const TOKEN_KEY = 'admin_token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

const pathListeners = new Set<(path: string) => void>();

export function navigate(path: string, replace = false): void {
  if (path === location.pathname + location.search) return;
  history[replace ? 'replaceState' : 'pushState'](null, '', path);
  for (const listener of pathListeners) listener(location.pathname);
}

addEventListener('popstate', () => {
  for (const listener of pathListeners) listener(location.pathname);
});

export function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    pathListeners.add(setPath);
    return () => void pathListeners.delete(setPath);
  }, []);
  return path;
}

/** Any 401 (expired or revoked token) ends the session and shows the login screen. */
export const client = createClient({
  getToken,
  onUnauthorized: () => {
    setToken(null);
    navigate('/admin/login', true);
  },
});

export type Business = Answer<'/business'>;
export type Booking = Answer<'/bookings'>[number];
export type Master = Answer<'/masters'>[number];
export type Service = Answer<'/services'>[number];
export type Category = Answer<'/categories'>[number];
export type ScheduleAnswerRow = Answer<'/schedule'>[number];

export interface Session {
  business: Business;
  setBusiness: (business: Business) => void;
  logout: () => void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  return useContext(SessionContext)!;
}

export const STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'rejected'] as const;
export type Status = (typeof STATUSES)[number];
