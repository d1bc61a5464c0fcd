// The part of ua-parser-js 1.0's API that server/analytics/user-agent.ts uses (1.0 ships no types;
// https://github.com/faisalman/ua-parser-js/tree/1.0.41#readme).
declare module "ua-parser-js" {
  export interface UAParserResult {
    browser: { name?: string; version?: string; major?: string };
    os: { name?: string; version?: string };
    device: { type?: string; vendor?: string; model?: string };
  }
  export class UAParser {
    constructor(userAgent?: string);
    getResult(): UAParserResult;
  }
}
