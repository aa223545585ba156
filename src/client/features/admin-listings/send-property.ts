import { ZProperty, type TProperty, type TPropertyInputParsed } from '#shared/schemas/property.ts';
import { isDirectAdminUrl } from '../../lib/trpc.ts';

/** A failed save, with the server's message and HTTP status (0 when the request never got an answer). */
export class PropertySaveError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'PropertySaveError';
    this.status = status;
  }
}

export interface TSendProgress {
  /** Bytes of the body sent so far, and in all. */
  loaded: number;
  total: number;
}

/**
 * Sends a property body to POST /api/properties (create) or PUT /api/properties/{id} (update), the
 * REST paths generated from the same procedures as tRPC. XMLHttpRequest rather than fetch, because
 * only it reports upload progress, and a form with 20 images and 3 videos can take a while to send.
 */
export function sendProperty(
  body: TPropertyInputParsed,
  opts: { id?: number; onProgress?: (progress: TSendProgress) => void } = {},
): Promise<TProperty> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(
      opts.id === undefined ? 'POST' : 'PUT',
      opts.id === undefined ? '/api/properties' : `/api/properties/${opts.id}`,
    );
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    if (isDirectAdminUrl()) xhr.setRequestHeader('x-direct-admin', 'true');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.({ loaded: e.loaded, total: e.total });
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        // The answer is already in currency units (the procedure's output): checked as such, not decoded again.
        const property = ZProperty.safeEncode(parsed as TProperty);
        if (property.success) resolve(parsed as TProperty);
        else reject(new PropertySaveError('Failed to save property', xhr.status));
        return;
      }
      const message = (parsed as { message?: unknown } | undefined)?.message;
      reject(
        new PropertySaveError(
          typeof message === 'string' && message ? message : 'Failed to save property',
          xhr.status,
        ),
      );
    };
    xhr.onerror = () => reject(new PropertySaveError('Failed to save property', 0));
    xhr.ontimeout = () => reject(new PropertySaveError('Failed to save property', 0));
    xhr.send(JSON.stringify(body));
  });
}
