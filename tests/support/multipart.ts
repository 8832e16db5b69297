/**
 * multipart/form-data bodies as a browser sends them (the photo upload, decision 0016), built by hand so a test
 * can name a file anything and give it any content-type: the server must trust neither.
 */
export type UploadFile = { data: Buffer; filename?: string; type?: string; field?: string };

export function multipartBody(files: readonly UploadFile[], fields: Record<string, string> = {}) {
  const boundary = `----naalepuden-${crypto.randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photo'}"; ` +
          `filename="${file.filename ?? 'perle.jpg'}"\r\nContent-Type: ${file.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
