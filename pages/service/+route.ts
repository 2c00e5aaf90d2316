export default '/services/@slug'
