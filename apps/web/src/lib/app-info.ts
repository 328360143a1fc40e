/** Product name shown in the header, the auth card and the browser title. */
export const APP_NAME = 'PetShop Gestão';

/** Client version shown in the navbar footer (spec §9: "Client version 0.9.0"). */
export const APP_VERSION = '0.9.0';
