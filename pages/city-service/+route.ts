export default '/@segment'
