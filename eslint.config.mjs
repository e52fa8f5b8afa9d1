// The rule set n8n's verification scanner applies to community nodes (strict / n8n Cloud mode).
import { config } from '@n8n/node-cli/eslint';

export default config;
