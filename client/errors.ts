/** What the client throws: the service's error envelope, kept whole. */
export class AgentCommerceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(`${status} ${code}: ${message}`);
    this.name = 'AgentCommerceError';
  }

  static async from(res: Response): Promise<AgentCommerceError> {
    const text = await res.text();
    try {
      const body = JSON.parse(text) as { error?: { code?: string; message?: string; details?: unknown } | string };
      if (typeof body.error === 'object' && body.error) return new AgentCommerceError(res.status, body.error.code ?? 'error', body.error.message ?? text, body.error.details);
      if (typeof body.error === 'string') return new AgentCommerceError(res.status, res.status === 402 ? 'payment_required' : 'error', body.error);
    } catch {
      // not JSON: fall through
    }
    return new AgentCommerceError(res.status, 'error', text.slice(0, 300) || res.statusText);
  }
}
