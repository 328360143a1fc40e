/**
 * The gateway of the server's configuration (WHATSAPP_GATEWAY, config.whatsapp): one instance
 * per API process, decorated as `app.whatsapp` (app.ts; tests may pass their own).
 */
import type { Config } from '../../../config.ts';
import { GatewayFake } from './gateway-fake.ts';
import type { WhatsappGateway } from './whatsapp-gateway.ts';

export const criarGatewayWhatsapp = (config: Config['whatsapp']): WhatsappGateway => {
  switch (config.gateway) {
    case 'fake':
      return new GatewayFake();
    case 'evolution':
    case 'cloud':
      // Filled by the Evolution and Cloud adapters (issue #21).
      throw new Error(`Gateway de WhatsApp ainda não disponível: ${config.gateway}`);
  }
};
