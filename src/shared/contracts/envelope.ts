// The answer shape of every API call (spec 1 section 3.1).

export type ResponseCode = '200' | '400' | '401' | '403' | '404' | '413' | '415' | '429' | '500' | (string & {});

export interface Envelope<T = unknown> {
  ResponseCode: ResponseCode;
  ResponseMessage: string;
  ResponseData: T;
}

export const ok = <T>(data: T, message = 'Success'): Envelope<T> => ({
  ResponseCode: '200',
  ResponseMessage: message,
  ResponseData: data,
});

export const warn = (message: string, data: unknown = null): Envelope<unknown> => ({
  ResponseCode: '400',
  ResponseMessage: message,
  ResponseData: data,
});

export const failure = (code: ResponseCode, message: string): Envelope<null> => ({
  ResponseCode: code,
  ResponseMessage: message,
  ResponseData: null,
});
