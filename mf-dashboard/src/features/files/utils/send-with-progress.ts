/**
 * PUT/POST a body with XMLHttpRequest, the one browser API that reports upload progress
 * (fetch does not). Resolves with the response status and text; rejects on a network failure.
 */
export function sendWithProgress(
  url: string,
  headers: Record<string, string>,
  body: Blob,
  onProgress: (percent: number) => void,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => resolve({ status: request.status, text: request.responseText });
    request.onerror = () => reject(new Error('Network error. Please check your connection'));
    request.send(body);
  });
}
