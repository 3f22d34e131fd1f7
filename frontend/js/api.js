// The only module that talks to the server. Every call resolves to parsed JSON
// or throws an ApiError carrying the server's {code, status, message, errors}.

export class ApiError extends Error {
  constructor({ code = 'network', status = 0, message = 'No connection to the server.', errors = null } = {}) {
    super(message);
    this.code = code;
    this.status = status;
    this.errors = errors;
  }
  get offline() {
    return this.status === 0;
  }
}

async function request(method, path, body, { headers = {}, signal } = {}) {
  const init = { method, headers: { Accept: 'application/json', ...headers }, signal };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    if (err.name === 'AbortError') throw err;
    throw new ApiError();
  }
  const type = response.headers.get('Content-Type') || '';
  const data = type.includes('json') ? await response.json() : await response.text();
  if (!response.ok) {
    throw new ApiError(typeof data === 'object' ? data : { status: response.status, message: String(data) });
  }
  return data;
}

const table = (code) => `/api/tables/${encodeURIComponent(code)}`;

export const api = {
  health: () => request('GET', '/api/health'),
  time: () => request('GET', '/api/time'),
  games: () => request('GET', '/api/games'),
  score: (game, sheet) => request('POST', `/api/games/${encodeURIComponent(game)}/score`, sheet),
  createTable: (body) => request('POST', '/api/tables', body),
  table: (code) => request('GET', table(code)),
  eventsPath: (code) => `${table(code)}/events`,
  timerPath: (code) => `${table(code)}/timer`,
  qrUrl: (code) => `${table(code)}/qr.svg`,
  // Server-Sent Events; the browser reconnects by itself and sends Last-Event-ID.
  stream: (code) => new EventSource(`${table(code)}/stream`),
};

// Raw access for modules that add their own resource (tables, lexicons, leagues).
export const http = {
  get: (path, options) => request('GET', path, undefined, options),
  post: (path, body, options) => request('POST', path, body, options),
  text: async (path) => {
    let response;
    try {
      response = await fetch(path);
    } catch {
      throw new ApiError();
    }
    if (!response.ok) throw new ApiError({ status: response.status, message: `Could not load ${path}.` });
    return response.text();
  },
};
