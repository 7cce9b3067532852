// Not built yet.
export default function Screen() {
  return null;
}
