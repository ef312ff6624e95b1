// One event stream per browser for every housie page open in it, held by this SharedWorker:
// pages with the caller's token share the caller's stream, the others the public one. A
// browser allows six connections to one host; a stream per tab would let five boards starve
// the desk's requests.
"use strict";

const streams = new Map(); // token ("" for none) → { source, ports, last, up }

function send(stream, message) {
  for (const port of stream.ports) port.postMessage(message);
}

// EventSource retries by itself after a dropped connection, but gives up for good on an HTTP
// error (a 503 while every stream place is taken, say). Then this connects anew, waiting 1 s,
// 2 s, 4 s … up to 30 s between tries, and the first state sent catches the page up.
function connect(stream, token) {
  const source = new EventSource("/api/events" + (token ? "?token=" + encodeURIComponent(token) : ""));
  stream.source = source;
  source.addEventListener("state", (e) => {
    stream.last = JSON.parse(e.data);
    send(stream, { type: "state", state: stream.last });
  });
  source.onopen = () => {
    stream.up = true;
    stream.wait = 1000;
    send(stream, { type: "link", up: true });
  };
  source.onerror = () => {
    stream.up = false;
    send(stream, { type: "link", up: false });
    if (source.readyState === EventSource.CLOSED && !stream.closed) {
      const wait = stream.wait;
      stream.wait = Math.min(wait * 2, 30000);
      stream.retry = setTimeout(() => { if (!stream.closed) connect(stream, token); }, wait);
    }
  };
}

function open(token) {
  let stream = streams.get(token);
  if (stream) return stream;
  stream = { ports: new Set(), last: null, up: false, source: null, wait: 1000, retry: null, closed: false };
  connect(stream, token);
  streams.set(token, stream);
  return stream;
}

onconnect = (e) => {
  const port = e.ports[0];
  let token = null;
  port.onmessage = (m) => {
    if (m.data.type === "follow" && token === null) {
      token = m.data.token || "";
      const stream = open(token);
      stream.ports.add(port);
      port.postMessage({ type: "link", up: stream.up });
      if (stream.last) port.postMessage({ type: "state", state: stream.last });
    } else if (m.data.type === "leave" && token !== null) {
      const stream = streams.get(token);
      if (stream) {
        stream.ports.delete(port);
        if (stream.ports.size === 0) {
          stream.closed = true;
          clearTimeout(stream.retry);
          stream.source.close();
          streams.delete(token);
        }
      }
      token = null;
    }
  };
  port.start();
};
