// One event stream per browser for every housie page open in it, held by this SharedWorker:
// pages with the caller's token share the caller's stream, the others the public one. A
// browser allows six connections to one host; a stream per tab would let five boards starve
// the desk's requests.
"use strict";

const streams = new Map(); // token ("" for none) → { source, ports, last, up }

function send(stream, message) {
  for (const port of stream.ports) port.postMessage(message);
}

function open(token) {
  let stream = streams.get(token);
  if (stream) return stream;
  stream = { ports: new Set(), last: null, up: false, source: null };
  stream.source = new EventSource("/api/events" + (token ? "?token=" + encodeURIComponent(token) : ""));
  stream.source.addEventListener("state", (e) => {
    stream.last = JSON.parse(e.data);
    send(stream, { type: "state", state: stream.last });
  });
  stream.source.onopen = () => { stream.up = true; send(stream, { type: "link", up: true }); };
  stream.source.onerror = () => { stream.up = false; send(stream, { type: "link", up: false }); };
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
          stream.source.close();
          streams.delete(token);
        }
      }
      token = null;
    }
  };
  port.start();
};
