/** docs/spec.md §2: the city-service page writes debug information to the console. */
export function logCityServiceDebug(): void {
  const root = document.querySelector<HTMLElement>('[data-city]')
  if (!root) return
  console.log('City service page:', { url: location.pathname, city: root.dataset.city, service: root.dataset.service, scheme: Number(root.dataset.scheme) })
}
