// Names and the footer line, written once: the shell and the landing page both show them.
export const APP_NAME = 'Fieldtrace';
export const COMPANY_NAME = 'Fieldtrace Agri Inputs Pvt. Ltd.';
export const TAGLINE = 'Trace every pack from the factory to the farmer’s field.';

/** The spec's 2023 copyright line (spec 1 section 1, spec 3 landing page). */
export const COPYRIGHT = `© 2023 ${COMPANY_NAME} All rights reserved.`;
