/**
 * Files to and from the API (exports, the client import): the JSON client
 * cannot carry them, so these two go through fetch with the same token, the
 * same 401 handling and the same ApiError.
 */
import { ApiError, NETWORK_ERROR, withQuery } from '@shared/api';
import type { ErrorCode } from '@core/errors.js';
import { getToken, navigate, setToken } from './state';

async function send(path: string, init: RequestInit, query?: Record<string, string | boolean>): Promise<Response> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(`/api/v1${withQuery(path, query)}`, { ...init, headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(NETWORK_ERROR, 'Network error');
  }
  if (response.ok) return response;
  if (response.status === 401 && token) {
    setToken(null);
    navigate('/admin/login', true);
  }
  const body = (await response.json().catch(() => ({}))) as { detail?: string; code?: ErrorCode; errors?: [] };
  throw new ApiError(response.status, body.detail ?? response.statusText, body.errors ?? [], body.code);
}

/** Downloads an export under the name the server gives it (Content-Disposition). */
export async function downloadFile(path: string, query: Record<string, string>): Promise<string> {
  const response = await send(path, {}, query);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
  return name;
}

/** Sends one file as multipart field `file`, answers the JSON body. */
export async function uploadFile<T>(path: string, file: File, query: Record<string, string | boolean>): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  const response = await send(path, { method: 'POST', body: form }, query);
  return (await response.json()) as T;
}
