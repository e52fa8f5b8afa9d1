import type { INodeProperties } from 'n8n-workflow';

import { operationSelector } from '../panel';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';

export { create, get, getMany };

export const description: INodeProperties[] = [
	operationSelector('payout', [
		{
			name: 'Create',
			value: 'create',
			description: 'Send crypto to a wallet address',
			action: 'Create a payout',
		},
		{
			name: 'Get',
			value: 'get',
			description:
				'Find one payout by TYLT order ID or by reference, optionally waiting until it is final',
			action: 'Get a payout',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List past payouts, newest first',
			action: 'Get many payouts',
		},
	]),
	...create.description,
	...get.description,
	...getMany.description,
];
