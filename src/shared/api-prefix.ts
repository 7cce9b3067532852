// Where the API is mounted: every call's path is under it, and so is a print file's signed link.
export const API_PREFIX = '/API/api/';
