/**
 * A forward proxy on 127.0.0.1 that forwards nothing: it records every request (plain HTTP, absolute-form) and
 * every CONNECT tunnel that reaches it, answers a request as TYLT would, and refuses a tunnel. Tests point a
 * request's proxy option at it to prove that nothing signed ever gets there.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ProxiedRequest {
	kind: 'request' | 'connect';
	method?: string;
	/** The absolute URL of a plain request, or `host:port` of a tunnel. */
	url?: string;
	headers: IncomingHttpHeaders;
}

export interface RecordingProxy {
	url: string;
	port: number;
	received: ProxiedRequest[];
	close(): Promise<void>;
}

export async function startRecordingProxy(): Promise<RecordingProxy> {
	const received: ProxiedRequest[] = [];
	const sockets = new Set<Socket>();
	const server = createServer((request, response) => {
		const { method, url, headers } = request;
		received.push({ kind: 'request', method, url, headers });
		request.resume();
		response
			.writeHead(200, { 'content-type': 'application/json' })
			.end('{"errorCode":0,"msg":"","data":{"status":"Pending"}}');
	});
	server.on('connection', (socket: Socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
	});
	// An https target goes through a tunnel: the proxy learns where it goes, then could terminate TLS itself.
	server.on('connect', (request, socket: Socket) => {
		const { method, url, headers } = request;
		received.push({ kind: 'connect', method, url, headers });
		socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		port,
		received,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
