/** What a panel shows around its data: an error, loading, empty, and the list and card table with those states. */
import type { ComponentChildren } from 'preact';
import { generalError } from './panel-errors';
import type { Loaded } from './panel-hooks';

export function ErrorBox({ error }: { error?: string }) {
  return error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null;
}

export function Loading({ text }: { text: string }) {
  return (
    <div class="loading" role="status">
      {text}
    </div>
  );
}

export function Empty({ text }: { text: string }) {
  return <div class="empty">{text}</div>;
}

/** Loading, error and empty states around a list. */
export function ListState<T>(props: {
  loaded: Loaded<T[]>;
  loadingText: string;
  emptyText: string;
  children: (items: T[]) => ComponentChildren;
}) {
  const { data, error, loading } = props.loaded;
  if (error && !data) return <ErrorBox error={generalError(error)} />;
  if (loading && (!data || data.length === 0)) return <Loading text={props.loadingText} />;
  if (!data || data.length === 0) return <Empty text={props.emptyText} />;
  return <>{props.children(data)}</>;
}

/** ListState around the panels' card table: the header cells once, a row per item. */
export function ListTable<T>(props: {
  loaded: Loaded<T[]>;
  loadingText: string;
  emptyText: string;
  head: ComponentChildren;
  children: (items: T[]) => ComponentChildren;
  /** The list asks at most `limit` items (CONTRACT.md §15); a full page says how to reach the rest. */
  cap?: { limit: number; text: string };
}) {
  return (
    <ListState loaded={props.loaded} loadingText={props.loadingText} emptyText={props.emptyText}>
      {(items) => (
        <>
          <div class="table-wrap">
            <table class="table cards">
              <thead>
                <tr>{props.head}</tr>
              </thead>
              <tbody>{props.children(items)}</tbody>
            </table>
          </div>
          {props.cap && items.length >= props.cap.limit && (
            <p class="muted" data-testid="list-capped" role="status">
              {props.cap.text}
            </p>
          )}
        </>
      )}
    </ListState>
  );
}
