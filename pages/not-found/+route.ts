export default '/not-found/@screen'
