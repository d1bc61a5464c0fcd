import { createContext } from "react-router";

/** Facts about the HTTP request that only the Node server knows, filled per request. */
export interface RequestInfo {
  /** The client's IP address (the socket peer), for per-IP rate limits. */
  clientIp: string;
}

export const requestContext = createContext<RequestInfo>();
