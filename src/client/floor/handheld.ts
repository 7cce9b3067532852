// One definition of "a handheld": below 48em the floor goes full screen (dialogs, the camera) and the
// navigation folds away.
import { useMediaQuery } from '@mantine/hooks';

export const HANDHELD_QUERY = '(max-width: 48em)';

export const useHandheld = (): boolean => useMediaQuery(HANDHELD_QUERY, undefined, { getInitialValueInEffect: false });
