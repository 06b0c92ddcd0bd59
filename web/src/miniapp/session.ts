/**
 * Mini-app login (SPEC.md "Mini-app login"): POST /auth/messenger with the
 * signed initData; the token is kept in memory and a 401 logs in again once.
 */
import { ApiError, createApi, type ApiClient, type RequestOptions } from '@shared/api';
import { typedClient, type Answer, type Client } from '@shared/client';

export type MessengerLogin = Answer<'/auth/messenger', 'post'>;

export class MiniSession {
  private token: string | null = null;
  private readonly raw: ApiClient = createApi({ getToken: () => this.token });
  private readonly anonymous: Client = typedClient(this.raw);
  /** The API with the session's token, logging in again on a 401. */
  readonly api: Client = typedClient(async <T>(path: string, options?: RequestOptions): Promise<T> => {
    try {
      return await this.raw<T>(path, options);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401 || !this.token) throw error;
      await this.login();
      return this.raw<T>(path, options);
    }
  });

  constructor(
    private readonly initData: string,
    private readonly startParam: string,
  ) {}

  async login(): Promise<MessengerLogin> {
    this.token = null;
    const answer = await this.anonymous.post('/auth/messenger', { body: { initData: this.initData, startParam: this.startParam } });
    this.token = answer.token;
    return answer;
  }
}
