/**
 * Mini-app login (SPEC.md "Mini-app login"): POST /auth/messenger with the
 * signed initData; the token is kept in memory and an ended session logs in again once.
 */
import { createApi, hasCode, type ApiClient, type RequestOptions } from '@shared/api';

export interface MessengerLogin {
  token: string;
  role: 'customer' | 'provider' | string;
  businessSlug: string;
  user: { id: number; name: string; messengerId: string };
}

export class MiniSession {
  private token: string | null = null;
  private readonly raw: ApiClient = createApi({ getToken: () => this.token });
  /** The API with the session's token, logging in again when the server no longer takes it. */
  readonly api: ApiClient = async <T,>(path: string, options?: RequestOptions): Promise<T> => {
    try {
      return await this.raw<T>(path, options);
    } catch (error) {
      if (!hasCode(error, 'not_authenticated') || !this.token) throw error;
      await this.login();
      return this.raw<T>(path, options);
    }
  };

  constructor(
    private readonly initData: string,
    private readonly startParam: string,
  ) {}

  async login(): Promise<MessengerLogin> {
    this.token = null;
    const answer = await this.raw<MessengerLogin>('/auth/messenger', {
      method: 'POST',
      body: { initData: this.initData, startParam: this.startParam },
    });
    this.token = answer.token;
    return answer;
  }
}
