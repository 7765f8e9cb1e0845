<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="terrain-flat" tilewidth="74" tileheight="64" tilecount="12" columns="6">
 <image source="terrain-flat.png" width="444" height="128"/>
 <tile id="0">
  <properties>
   <property name="kind" value="forest"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="kind" value="dune"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="kind" value="cliff"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="kind" value="lagoon"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="kind" value="white"/>
   <property name="statue" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="kind" value="white"/>
   <property name="loot" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="kind" value="white"/>
   <property name="scrolls" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="kind" value="stronghold"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="kind" value="ship"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="kind" value="fort"/>
  </properties>
 </tile>
</tileset>
