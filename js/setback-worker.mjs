// The Web Worker behind setback.mjs: Pyodide and the setback library, off the page's thread.
//
// The first message starts the runtime: {start: {indexURL, wheels}}. Every later message is
// {id, request} with a request as JSON text; the answer is {id, answer} with JSON text from
// the library's own handler (setback._browser.handle), so no Pyodide proxy leaves this file.
// A start that fails answers {id, fatal: message}. The same file runs as a worker_threads
// Worker under Node, where a "URL" may also be a file path.

const inNode = typeof process === "object" && typeof process.versions?.node === "string"
  && typeof WorkerGlobalScope === "undefined";

let post;
let handle = null;

async function port() {
  if (!inNode) {
    post = (message) => self.postMessage(message);
    self.onmessage = (event) => receive(event.data);
    return;
  }
  const { parentPort } = await import("node:worker_threads");
  post = (message) => parentPort.postMessage(message);
  parentPort.on("message", receive);
}

async function moduleURL(indexURL) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(indexURL) && !/^[a-z]:[\\/]/i.test(indexURL)) {
    return new URL("pyodide.mjs", indexURL).href;
  }
  const { pathToFileURL } = await import("node:url");
  return pathToFileURL(`${indexURL.replace(/[\\/]$/, "")}/pyodide.mjs`).href;
}

async function start({ indexURL, wheels }) {
  const times = {};
  let last = performance.now();
  const lap = (name) => {
    const now = performance.now();
    times[name] = Math.round(now - last);
    last = now;
  };
  const { loadPyodide } = await import(await moduleURL(indexURL));
  const pyodide = await loadPyodide({ indexURL, stdout: () => {}, stderr: () => {} });
  lap("runtime");
  const problems = [];
  await pyodide.loadPackage(wheels, {
    checkIntegrity: false,
    messageCallback: () => {},
    errorCallback: (message) => problems.push(message),
  });
  if (problems.length) throw new Error(problems.join("; "));
  lap("wheels");
  // One proxy, kept for the worker's life and never handed out (an attribute's proxy is
  // borrowed from its module's: destroying the module's would destroy it too).
  handle = pyodide.pyimport("setback._browser").handle.copy();
  const hello = JSON.parse(handle('{"op": "hello"}')).ok;
  lap("imports");
  return { ...hello, loadTimes: times };
}

async function receive(message) {
  if (message.start) {
    try {
      post({ id: message.id, hello: await start(message.start) });
    } catch (error) {
      post({ id: message.id, fatal: String(error?.message ?? error) });
    }
    return;
  }
  if (handle === null) {
    post({ id: message.id, fatal: "setback is not loaded" });
    return;
  }
  post({ id: message.id, answer: handle(message.request) });
}

await port();
