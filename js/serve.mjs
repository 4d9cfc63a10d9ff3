// A static file server for the built site, on 127.0.0.1 and an ephemeral port: what the
// browser tests and the benchmark open. It sends Last-Modified and answers If-Modified-Since
// with 304, as an ordinary static host does, so a reload is a warm one.

import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, normalize, resolve } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".ts": "text/plain; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".wasm": "application/wasm",
  ".zip": "application/zip",
  ".whl": "application/zip",
};

/** Serve `root`; resolves to {url, close, requests} once listening. */
export async function serve(root) {
  root = resolve(root);
  const requests = [];
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    requests.push(path);
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) return response.writeHead(403).end();
    try {
      let info = await stat(file);
      if (info.isDirectory()) {
        file = join(file, "index.html");
        info = await stat(file);
      }
      const modified = new Date(Math.floor(info.mtimeMs / 1000) * 1000);
      const since = request.headers["if-modified-since"];
      if (since && new Date(since) >= modified) return response.writeHead(304).end();
      response.writeHead(200, {
        "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
        "Content-Length": info.size,
        "Last-Modified": modified.toUTCString(),
        "Cache-Control": "no-cache",
      });
      createReadStream(file).pipe(response);
    } catch {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
    }
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((done) => { server.closeAllConnections(); server.close(done); }),
  };
}
