// Collects request parameters: the query string on any method, merged with a form-encoded or
// multipart body (the body wins, as in Django's request.POST before request.GET).
import { badRequest } from './errors.js';

/** A file part of a multipart body (Django's request.FILES), for POST /user_uploads. */
export interface UploadedFile {
  field: string;
  name: string;
  data: Buffer;
}

export async function collectParams(
  method: string,
  url: URL,
  contentType: string | undefined,
  body: Buffer,
  files: UploadedFile[] = [],
): Promise<Map<string, string>> {
  const params = new Map<string, string>();
  // For repeated names the last value counts, like Django's QueryDict.
  for (const [name, value] of url.searchParams) params.set(name, value);
  if (method === 'GET' || method === 'HEAD' || body.length === 0 || !contentType) return params;

  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  if (mediaType === 'application/x-www-form-urlencoded') {
    for (const [name, value] of new URLSearchParams(body.toString('utf8'))) params.set(name, value);
  } else if (mediaType === 'multipart/form-data') {
    for (const [name, value] of await parseMultipart(contentType, body, files)) params.set(name, value);
  }
  // Other body types (JSON, text) are not parameters for Zulip; they are ignored.
  return params;
}

async function parseMultipart(contentType: string, body: Buffer, files: UploadedFile[]): Promise<[string, string][]> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('Malformed multipart/form-data request body');
  }
  const fields: [string, string][] = [];
  // Uploaded files are not parameters (Django keeps them in request.FILES).
  const parts: Promise<void>[] = [];
  form.forEach((value, name) => {
    if (typeof value === 'string') fields.push([name, value]);
    else
      parts.push(
        value.arrayBuffer().then((data) => {
          files.push({ field: name, name: value.name, data: Buffer.from(data) });
        }),
      );
  });
  await Promise.all(parts);
  return fields;
}
