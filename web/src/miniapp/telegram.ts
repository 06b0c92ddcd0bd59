/**
 * The part of Telegram.WebApp (https://core.telegram.org/bots/webapps) the
 * mini app uses, its theme mapped onto the design tokens, and a FlowHost
 * that drives the native MainButton and BackButton.
 */
import type { FlowHost } from '../booking/host';
import { readableOn } from './contrast';

interface NativeButton {
  setText(text: string): NativeButton;
  show(): NativeButton;
  hide(): NativeButton;
  enable(): NativeButton;
  disable(): NativeButton;
  showProgress(leaveActive?: boolean): NativeButton;
  hideProgress(): NativeButton;
  onClick(handler: () => void): NativeButton;
  offClick(handler: () => void): NativeButton;
}

export interface TelegramWebApp {
  initData: string;
  initDataUnsafe: { start_param?: string; user?: { id: number; first_name?: string; language_code?: string } };
  themeParams: Record<string, string | undefined>;
  colorScheme?: 'light' | 'dark';
  MainButton: NativeButton;
  BackButton: Omit<NativeButton, 'setText' | 'enable' | 'disable' | 'showProgress' | 'hideProgress'>;
  ready(): void;
  expand(): void;
  openTelegramLink(url: string): void;
  onEvent(event: string, handler: () => void): void;
  HapticFeedback?: { notificationOccurred(type: 'error' | 'success' | 'warning'): void };
  /** Bot API 6.2+; older clients lack it. */
  showConfirm?(message: string, callback: (ok: boolean) => void): void;
}

/**
 * Asks yes/no the Telegram way: some Telegram clients block window.confirm (it then
 * returns at once and nothing happens), so the native popup comes first.
 */
export function telegramConfirm(app: TelegramWebApp, text: string): Promise<boolean> {
  if (typeof app.showConfirm === 'function') {
    return new Promise((resolve) => {
      try {
        app.showConfirm!(text, (ok) => resolve(Boolean(ok)));
      } catch {
        // WebAppMethodUnsupported on a client older than 6.2
        resolve(window.confirm(text));
      }
    });
  }
  return Promise.resolve(window.confirm(text));
}

export function telegramWebApp(): TelegramWebApp | null {
  const app = (window as unknown as { Telegram?: { WebApp?: TelegramWebApp } }).Telegram?.WebApp;
  return app && typeof app.initData === 'string' ? app : null;
}

/** themeParams.bg_color → --tg-theme-bg-color, which theme.css reads. */
export function applyTheme(app: TelegramWebApp): void {
  const style = document.documentElement.style;
  const theme = { ...(app.themeParams ?? {}) };
  // Hint text sits on both backgrounds; Telegram's own hint color often fails 4.5:1 there.
  if (theme.hint_color && theme.text_color) {
    const backgrounds = [theme.bg_color, theme.secondary_bg_color].filter((c): c is string => Boolean(c));
    theme.hint_color = readableOn(theme.hint_color, backgrounds, theme.text_color);
  }
  for (const [key, value] of Object.entries(theme)) {
    if (value) style.setProperty(`--tg-theme-${key.replace(/_/g, '-')}`, value);
  }
  document.documentElement.style.colorScheme = app.colorScheme === 'dark' ? 'dark' : 'light';
}

/** Keeps exactly one handler on each native button, swapping it as the flow re-renders. */
export function telegramHost(app: TelegramWebApp): FlowHost {
  let backHandler: (() => void) | null = null;
  let mainHandler: (() => void) | null = null;
  const onBack = () => backHandler?.();
  const onMain = () => mainHandler?.();
  app.BackButton.onClick(onBack);
  app.MainButton.onClick(onMain);
  let mainBusy = false;
  return {
    back(handler) {
      backHandler = handler;
      if (handler) app.BackButton.show();
      else app.BackButton.hide();
    },
    main(button) {
      mainHandler = button && !button.busy ? button.onClick : null;
      if (!button) {
        app.MainButton.hide();
        return;
      }
      app.MainButton.setText(button.text).show();
      if (button.busy !== mainBusy) {
        mainBusy = button.busy;
        if (button.busy) app.MainButton.disable().showProgress(false);
        else app.MainButton.hideProgress().enable();
      }
    },
  };
}
