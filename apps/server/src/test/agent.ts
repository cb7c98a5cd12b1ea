import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomInt } from 'node:crypto';
import { multipartBody, type FormPart } from './multipart';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type AgentResponse = LightMyRequestResponse & { body: string; data: any };

/**
 * A browser stand-in over app.inject: keeps cookies, fetches and echoes the CSRF token like the web
 * client does, and comes from its own IP address so that rate limits of one test do not touch another.
 */
export class Agent {
  readonly cookies = new Map<string, string>();
  readonly ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  lang: 'en' | 'fr' = 'en';
  bearer: string | undefined;
  csrf = true;

  constructor(private readonly app: FastifyInstance) {}

  /** The cookies as one Cookie header ('' without any), for a connection that is not app.inject. */
  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private cookieHeader(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return this.cookie;
  }

  private absorb(response: LightMyRequestResponse) {
    for (const c of response.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired = (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0 || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async ensureCsrf(): Promise<string> {
    let token = this.cookies.get('XSRF-TOKEN');
    if (!token) {
      const res = await this.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie', remoteAddress: this.ip });
      this.absorb(res);
      token = this.cookies.get('XSRF-TOKEN');
    }
    if (!token) throw new Error('no CSRF cookie');
    return token;
  }

  async request(
    method: Method,
    url: string,
    body?: unknown,
    extra: { headers?: Record<string, string>; rawBody?: string | Buffer } = {},
  ): Promise<AgentResponse> {
    const headers: Record<string, string> = { 'accept-language': this.lang, ...extra.headers };
    const cookie = this.cookieHeader();
    if (method !== 'GET' && this.csrf && !this.bearer) headers['x-xsrf-token'] ??= await this.ensureCsrf();
    const jar = this.cookieHeader() ?? cookie;
    if (jar && !this.bearer) headers.cookie = jar;
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const options: InjectOptions = { method, url, headers, remoteAddress: this.ip };
    if (extra.rawBody !== undefined) {
      options.payload = extra.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (body !== undefined) {
      options.payload = body as InjectOptions['payload'];
    }
    const response = await this.app.inject(options);
    this.absorb(response);
    let data: unknown = undefined;
    if (response.body && (response.headers['content-type'] ?? '').toString().includes('json')) data = response.json();
    return Object.assign(response, { data });
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body ?? {});
  put = (url: string, body?: unknown) => this.request('PUT', url, body ?? {});
  delete = (url: string) => this.request('DELETE', url);
  /** A multipart form, as the browser's FormData sends it. */
  upload = (url: string, parts: FormPart[]) => {
    const { body, contentType } = multipartBody(parts);
    return this.request('POST', url, undefined, { rawBody: body, headers: { 'content-type': contentType } });
  };
}
