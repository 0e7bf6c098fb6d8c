/**
 * How far a photo upload has got: the share of its body sent so far, then "processing" once it is all
 * sent and the server is re-encoding it (until its answer arrives).
 */
export type UploadProgress = { stage: "sending"; percent: number } | { stage: "processing" };

/**
 * A fetch() that sends its request with XMLHttpRequest, to report the body's upload progress (fetch()
 * cannot). Used by the tRPC link of a write that shows its upload (save.ts): the same POST to the same
 * address with the same headers; the browser adds the cookie, the Origin and the Sec-Fetch-* headers
 * of a same-origin XHR exactly as for fetch(), so the server's CSRF rules hold unchanged.
 */
export function progressFetch(onProgress: (progress: UploadProgress) => void): typeof fetch {
  return (input, init) =>
    new Promise<Response>((resolve, reject) => {
      const request = new Request(input, init);
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.withCredentials = true;
      xhr.responseType = "blob";
      new Headers(init?.headers).forEach((value, name) => {
        xhr.setRequestHeader(name, value);
      });
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0)
          onProgress({ stage: "sending", percent: Math.min(100, Math.floor((event.loaded / event.total) * 100)) });
      };
      xhr.upload.onload = () => onProgress({ stage: "processing" });
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
          const colon = line.indexOf(":");
          if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
        }
        const empty = xhr.status === 204 || xhr.status === 304;
        resolve(new Response(empty ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers }));
      };
      xhr.onerror = () => reject(new TypeError("Network request failed"));
      xhr.onabort = () => reject(new DOMException("The upload was aborted.", "AbortError"));
      const signal = init?.signal;
      if (signal) {
        if (signal.aborted) return reject(new DOMException("The upload was aborted.", "AbortError"));
        signal.addEventListener("abort", () => xhr.abort(), { once: true });
      }
      xhr.send((init?.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
